import { COURSE_CERTIFICATE_TRIGGER } from './triggers/definitions';
import { feedTrigger } from './triggers/feedTrigger';

export class CommunityPlatformCourseCertificateTrigger extends feedTrigger(COURSE_CERTIFICATE_TRIGGER) {}
