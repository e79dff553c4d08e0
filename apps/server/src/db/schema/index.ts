export * from './users.js';
export * from './sessions.js';
export * from './email-codes.js';
export * from './credits.js';
export * from './conferences.js';
export * from './room-activity.js';
export * from './polls.js';
