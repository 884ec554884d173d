export * from './body';
export * from './csrf';
export * from './errors';
export * from './headers';
