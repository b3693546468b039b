import { COURSE_ENROLLMENT_TRIGGER } from '../shared/triggers/definitions';
import { feedTrigger } from '../shared/triggers/feedTrigger';

export class CommunityPlatformCourseEnrollmentTrigger extends feedTrigger(COURSE_ENROLLMENT_TRIGGER) {}
