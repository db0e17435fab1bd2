import { describe, expect, it } from 'vitest';
import { jsonTextWithin, valueWithin } from './json-depth.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTextWithin', () => {
  it('counts arrays and objects, up to the limit and not beyond', () => {
    expect(jsonTextWithin(nested(3), 3)).toBe(true);
    expect(jsonTextWithin(nested(4), 3)).toBe(false);
    expect(jsonTextWithin('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(true);
    expect(jsonTextWithin('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(false);
    expect(jsonTextWithin('[[1],[2],[3]]', 2)).toBe(true);
    expect(jsonTextWithin('1', 0)).toBe(true);
  });

  it('does not count brackets in strings, escaped quotes included', () => {
    expect(jsonTextWithin('{"[[[[": "{{{{"}', 1)).toBe(true);
    expect(jsonTextWithin('{"a": "\\"[[[[\\\\", "b": []}', 2)).toBe(true);
    expect(jsonTextWithin('{"a": "\\\\", "b": [[]]}', 2)).toBe(false);
  });

  it('stops early on text far too deep', () => {
    expect(jsonTextWithin(`${'['.repeat(1_000_000)}`, 32)).toBe(false);
  });
});

describe('valueWithin', () => {
  it('counts arrays and objects of a value without recursion', () => {
    expect(valueWithin(JSON.parse(nested(3)), 3)).toBe(true);
    expect(valueWithin(JSON.parse(nested(4)), 3)).toBe(false);
    expect(valueWithin({ a: 'x', b: [1, { c: null }] }, 3)).toBe(true);
    expect(valueWithin('text', 0)).toBe(true);
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(valueWithin(deep, 32)).toBe(false);
  });
});
