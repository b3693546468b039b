import { MEMBER_TRIGGER } from '../shared/triggers/definitions';
import { feedTrigger } from '../shared/triggers/feedTrigger';

export class CommunityPlatformMemberTrigger extends feedTrigger(MEMBER_TRIGGER) {}
