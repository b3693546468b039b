import { EVENT_ATTENDEE_TRIGGER } from './triggers/definitions';
import { feedTrigger } from './triggers/feedTrigger';

export class CommunityPlatformEventAttendeeTrigger extends feedTrigger(EVENT_ATTENDEE_TRIGGER) {}
