import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyName, describeClass, isAllowed, remoteExcerpt, type AddressClass } from '@/lib/net';

const configured = { policy: 'configured', allowInternal: true } as const;
const modelChosen = { policy: 'model-chosen', allowInternal: false } as const;
const modelChosenAllowAll = { policy: 'model-chosen', allowInternal: true } as const;

/** [address, described class, configured may reach it, model-chosen may reach it] */
const table: Array<[string, string, boolean, boolean]> = [
  ['93.184.216.34', 'public', true, true],
  ['2606:4700::1111', 'public', true, true],
  ['127.0.0.1', 'loopback', true, false],
  ['127.255.0.9', 'loopback', true, false],
  ['::1', 'loopback', true, false],
  ['10.0.0.5', 'private', true, false],
  ['172.16.3.4', 'private', true, false],
  ['192.168.1.1', 'private', true, false],
  ['100.64.0.1', 'CGNAT', true, false],
  ['fd12:3456::1', 'unique-local', true, false],
  ['192.0.2.10', 'documentation', true, false],
  ['2001:db8::1', 'documentation', true, false],
  ['240.0.0.1', 'reserved', true, false],
  ['198.18.0.1', 'reserved', true, false],
  ['169.254.169.254', 'metadata', false, false],
  ['169.254.170.2', 'metadata', false, false],
  ['100.100.100.200', 'metadata', false, false],
  ['fd00:ec2::254', 'metadata', false, false],
  ['169.254.1.1', 'link-local', false, false],
  ['fe80::1', 'link-local', false, false],
  ['[fe80::1%25eth0]', 'link-local', false, false],
  ['0.0.0.0', 'unspecified', false, false],
  ['0.1.2.3', 'unspecified', false, false],
  ['::', 'unspecified', false, false],
  ['224.0.0.1', 'multicast', false, false],
  ['ff02::1', 'multicast', false, false],
  ['255.255.255.255', 'broadcast', false, false],
  ['::ffff:169.254.169.254', 'IPv4-mapped (embedding 169.254.169.254, metadata)', false, false],
  ['::ffff:127.0.0.1', 'IPv4-mapped (embedding 127.0.0.1, loopback)', true, false],
  ['::ffff:8.8.8.8', 'IPv4-mapped (embedding 8.8.8.8, public)', true, true],
  ['64:ff9b::a9fe:a9fe', 'NAT64 (embedding 169.254.169.254, metadata)', false, false],
  ['64:ff9b::7f00:1', 'NAT64 (embedding 127.0.0.1, loopback)', true, false],
  ['64:ff9b::808:808', 'NAT64 (embedding 8.8.8.8, public)', true, true],
  ['64:ff9b:1::a9fe:a9fe', 'NAT64', false, false],
  ['2002:a9fe:a9fe::1', '6to4 (embedding 169.254.169.254, metadata)', false, false],
  ['2002:0a00:0005::1', '6to4 (embedding 10.0.0.5, private)', true, false],
  // Teredo keeps the client's IPv4 address inverted: ~169.254.169.254 = 5601:5601.
  ['2001:0:4136:e378:8000:63bf:5601:5601', 'Teredo (embedding 169.254.169.254, metadata)', false, false],
  ['::a9fe:a9fe', 'IPv4-compatible (embedding 169.254.169.254, metadata)', false, false],
];

describe('address classes', () => {
  it.each(table)('%s is %s (configured: %s, model-chosen: %s)', (address, described, forConfigured, forModel) => {
    const addressClass = classifyAddress(address);
    // Undefined (not an address) fails here, before the policy checks.
    expect(addressClass && describeClass(addressClass)).toBe(described);
    expect(isAllowed(addressClass!, configured)).toBe(forConfigured);
    expect(isAllowed(addressClass!, modelChosen)).toBe(forModel);
  });

  it('lets allow-all open internal ranges to model-chosen URLs but never metadata', () => {
    expect(isAllowed(classifyAddress('10.0.0.5')!, modelChosenAllowAll)).toBe(true);
    expect(isAllowed(classifyAddress('127.0.0.1')!, modelChosenAllowAll)).toBe(true);
    expect(isAllowed(classifyAddress('169.254.169.254')!, modelChosenAllowAll)).toBe(false);
    expect(isAllowed(classifyAddress('::ffff:169.254.169.254')!, modelChosenAllowAll)).toBe(false);
  });

  it('is not fooled by names or non-addresses', () => {
    expect(classifyAddress('example.com')).toBeUndefined();
    expect(classifyAddress('127.1')).toBeUndefined(); // URLs normalise this to 127.0.0.1 first
    expect(classifyName('metadata.google.internal.')).toEqual({ kind: 'metadata' });
    expect(classifyName('LOCALHOST.')).toEqual({ kind: 'loopback' });
    expect(classifyName('app.localhost')).toEqual({ kind: 'loopback' });
    expect(classifyName('example.com')).toBeUndefined();
  });

  it.each<[string, string, AddressClass]>([
    ['http://2130706433/', '127.0.0.1', { kind: 'loopback' }],
    ['http://0x7f.1/', '127.0.0.1', { kind: 'loopback' }],
    ['http://0177.0.0.1/', '127.0.0.1', { kind: 'loopback' }],
    ['http://127.1/', '127.0.0.1', { kind: 'loopback' }],
    ['http://0xa9fea9fe/', '169.254.169.254', { kind: 'metadata' }],
    [
      'http://[::ffff:a9fe:a9fe]/',
      '[::ffff:a9fe:a9fe]',
      { kind: 'metadata', embedding: 'IPv4-mapped', embedded: '169.254.169.254' },
    ],
  ])('the URL parser normalises %s to %s before it is classified', (url, hostname, expected) => {
    expect(new URL(url).hostname).toBe(hostname);
    expect(classifyAddress(hostname)).toEqual(expected);
  });
});

/** Every form a cloud service address can take: the address itself and each IPv6 form embedding it. */
const cloudServices: Array<[string, string[]]> = [
  [
    '169.254.169.253',
    [
      '::ffff:169.254.169.253',
      '::ffff:a9fe:a9fd',
      '::ffff:0:a9fe:a9fd',
      '64:ff9b::169.254.169.253',
      '2002:a9fe:a9fd::1',
      '2001:0:4136:e378:8000:63bf:5601:5602',
      '::a9fe:a9fd',
    ],
  ],
  [
    '168.63.129.16',
    [
      '::ffff:168.63.129.16',
      '::ffff:a83f:8110',
      '::ffff:0:a83f:8110',
      '64:ff9b::a83f:8110',
      '2002:a83f:8110::1',
      '2001:0:4136:e378:8000:63bf:57c0:7eef',
      '::a83f:8110',
    ],
  ],
  ['fd20:ce::254', ['FD20:00CE:0:0:0:0:0:254', '[fd20:ce::254]', 'fd20:ce::254%eth0']],
  ['fd00:ec2::253', ['fd00:0ec2:0000:0000:0000:0000:0000:0253', '[FD00:EC2::253]', 'fd00:ec2::253%25en0']],
  ['fd00:ec2::254', ['fd00:ec2::254%eth0']],
];

describe('cloud metadata, DNS and WireServer addresses', () => {
  it.each(cloudServices.flatMap(([service, forms]) => [service, ...forms].map((form) => [form, service])))(
    '%s (%s) is metadata, refused for every caller and for allow-all',
    (form) => {
      const addressClass = classifyAddress(form);
      expect(addressClass?.kind).toBe('metadata');
      for (const rules of [configured, modelChosen, modelChosenAllowAll])
        expect(isAllowed(addressClass!, rules)).toBe(false);
    },
  );

  it('names the embedded address in the refusal', () => {
    expect(describeClass(classifyAddress('64:ff9b::a83f:8110')!)).toBe('NAT64 (embedding 168.63.129.16, metadata)');
    expect(describeClass(classifyAddress('::ffff:169.254.169.253')!)).toBe(
      'IPv4-mapped (embedding 169.254.169.253, metadata)',
    );
  });

  it('leaves the neighbours of those addresses in their own class', () => {
    expect(classifyAddress('168.63.129.17')).toEqual({ kind: 'public' });
    expect(classifyAddress('fd20:ce::253')).toEqual({ kind: 'unique-local' });
    expect(classifyAddress('169.254.169.252')).toEqual({ kind: 'link-local' });
  });
});

describe('remote excerpts', () => {
  it('keeps errors short, on one line and without credentials', () => {
    const body = `Unauthorized\n\n token=abc123secret Authorization: Bearer eyJhbGciOi.x.y https://u:p4ss@h/x ${'x'.repeat(500)}`;
    const excerpt = remoteExcerpt(body, { secrets: ['planted-value'] });
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt).not.toMatch(/\n|abc123secret|eyJhbGciOi|p4ss/);
    expect(remoteExcerpt('echo: planted-value')).toContain('planted-value');
    expect(remoteExcerpt('echo: planted-value', { secrets: ['planted-value'] })).toBe('echo: [redacted]');
  });
});
