export * from './address-classes';
export * from './outbound-error';
export { resolveChecked, systemDnsLookup, type AddressRules, type DnsLookup } from './checked-lookup';
export { checkTarget, type FetchFunction } from './guarded-fetch';
export * from './outbound-request';
export * from './outbound';
export * from './remote-excerpt';
export * from './internal-target';
