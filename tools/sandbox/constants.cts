export const API_PREFIX = '/public-api/v1';
export const ADMIN_PREFIX = '/__admin';
