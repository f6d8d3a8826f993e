export * from './roles';
export * from './limits';
export * from './messages';
export * from './statuses';
export * from './common';
export * from './auth';
export * from './dashboard';
export * from './entities';
