import { EVENT_ATTENDEE_TRIGGER } from '../shared/triggers/definitions';
import { feedTrigger } from '../shared/triggers/feedTrigger';

export class CommunityPlatformEventAttendeeTrigger extends feedTrigger(EVENT_ATTENDEE_TRIGGER) {}
