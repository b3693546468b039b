import { MEMBER_TRIGGER } from './triggers/definitions';
import { feedTrigger } from './triggers/feedTrigger';

export class CommunityPlatformMemberTrigger extends feedTrigger(MEMBER_TRIGGER) {}
