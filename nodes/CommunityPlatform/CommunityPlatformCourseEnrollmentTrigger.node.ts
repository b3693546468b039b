import { COURSE_ENROLLMENT_TRIGGER } from './triggers/definitions';
import { feedTrigger } from './triggers/feedTrigger';

export class CommunityPlatformCourseEnrollmentTrigger extends feedTrigger(COURSE_ENROLLMENT_TRIGGER) {}
