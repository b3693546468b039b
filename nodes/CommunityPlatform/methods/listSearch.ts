/** Searchable lists for resource locators, one file per area of the API. */
export * from './search/common';
