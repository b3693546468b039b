/** Searchable lists for resource locators, one file per area of the API. */
export * from './search/members';
export * from './search/profileQuestions';
export * from './search/events';
export * from './search/tags';
export * from './search/clubs';
