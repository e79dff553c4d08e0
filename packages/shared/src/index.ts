export * from './constants.js';
export * from './errors/codes.js';
export * from './errors/messages.js';
export * from './api/envelope.js';
export * from './api/fields.js';
export * from './api/user.js';
export * from './domain/validation.js';
export * from './domain/browser.js';
