/** Searchable lists for resource locators, one file per area of the API. Every name here is a node method. */
export { searchClubs } from './search/clubs';
export { searchEvents } from '../../shared/search/events';
export { searchMembers } from './search/members';
export { searchProfileQuestions } from './search/profileQuestions';
export { searchTags } from './search/tags';
