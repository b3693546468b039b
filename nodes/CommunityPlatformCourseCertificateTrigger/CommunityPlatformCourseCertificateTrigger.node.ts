import { COURSE_CERTIFICATE_TRIGGER } from '../shared/triggers/definitions';
import { feedTrigger } from '../shared/triggers/feedTrigger';

export class CommunityPlatformCourseCertificateTrigger extends feedTrigger(COURSE_CERTIFICATE_TRIGGER) {}
