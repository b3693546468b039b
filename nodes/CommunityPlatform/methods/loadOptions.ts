/** Loaders for options lists, one file per area of the API. */
export * from './options/spaces';
export * from './options/profileQuestions';
export * from './options/content';
export * from './options/events';
export * from './options/clubs';
export * from './options/emails';
