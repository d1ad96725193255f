export * from './request-policy';
export * from './request-facts';
export * from './security-headers';
export * from './exposure';
export * from './listen-address';
export * from './json-depth';
export * from './rate-limiter';
export * from './page-gate';
