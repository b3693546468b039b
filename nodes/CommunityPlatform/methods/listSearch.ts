/** Searchable lists for resource locators, one file per area of the API. */
export * from './search/common';
export * from './search/events';
export * from './search/tags';
export * from './search/clubs';
