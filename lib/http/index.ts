export * from './request-policy';
export * from './request-facts';
export * from './security-headers';
export * from './exposure';
