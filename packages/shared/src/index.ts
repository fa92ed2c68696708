export * from './constants.ts';
export * from './schemas/error.ts';
export * from './schemas/health.ts';
