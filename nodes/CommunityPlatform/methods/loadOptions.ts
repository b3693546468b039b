/** Loaders for options lists, one file per area of the API. Every name here is a node method. */
export { getClubs } from './options/clubs';
export { getCollections } from './options/content';
export { getSubscriptionTypes } from './options/emails';
export { getEventInvitationTicketTypes, getEventTicketTypes } from './options/events';
export { getProfileQuestions } from './options/profileQuestions';
export { getSpaces } from './options/spaces';
