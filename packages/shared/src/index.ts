export * from './constants.ts';
export * from './display-name.ts';
export * from './schemas/error.ts';
export * from './schemas/health.ts';
export * from './schemas/profile.ts';
