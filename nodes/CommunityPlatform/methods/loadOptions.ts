/** Loaders for options lists, one file per area of the API. */
export * from './options/common';
export * from './options/content';
export * from './options/events';
export * from './options/clubs';
export * from './options/emails';
