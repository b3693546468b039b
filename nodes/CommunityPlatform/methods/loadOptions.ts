/** Loaders for options lists, one file per area of the API. */
export * from './options/common';
