import { APPLY_STATUS, RECORDING_ACCESS_TTL_MS } from '@meet/shared';
import { describe, expect, test } from 'vitest';
import { accessTo, applyStatusOf, effectiveStatus, scopeNarrows } from './record-access.js';

const OWNER = 1;
const OTHER = 2;
const NOW = Date.UTC(2026, 5, 1);

describe('who may open a recording', () => {
  test.each([
    // scope, viewer, approved request, verdict
    ['private', OWNER, false, 'owner'],
    ['applicants', OWNER, false, 'owner'],
    ['link', OWNER, false, 'owner'],
    ['private', OTHER, false, 'none'],
    ['private', OTHER, true, 'none'],
    ['applicants', OTHER, false, 'none'],
    ['applicants', OTHER, true, 'granted'],
    ['link', OTHER, false, 'link'],
    ['link', OTHER, true, 'link'],
    ['private', undefined, false, 'none'],
    ['applicants', undefined, false, 'none'],
    ['link', undefined, false, 'link'],
  ] as const)('scope %s, viewer %s, approved %s: %s', (scope, viewer, approved, verdict) => {
    expect(accessTo({ ownerId: OWNER, shareScope: scope }, viewer, approved)).toBe(verdict);
  });
});

describe('a change of scope that shuts someone out (it revokes the links handed out)', () => {
  test.each([
    ['link', 'private', true],
    ['link', 'applicants', true],
    ['applicants', 'private', true],
    ['private', 'applicants', false],
    ['private', 'link', false],
    ['applicants', 'link', false],
    ['link', 'link', false],
    ['private', 'private', false],
  ] as const)('%s to %s: %s', (from, to, narrows) => {
    expect(scopeNarrows(from, to)).toBe(narrows);
  });
});

describe('the state of a request as of now', () => {
  const at = (ms: number) => new Date(NOW + ms);
  test.each([
    ['pending, before expiry', APPLY_STATUS.pending, at(1), APPLY_STATUS.pending],
    ['pending, at expiry', APPLY_STATUS.pending, at(0), APPLY_STATUS.expired],
    ['pending, after expiry', APPLY_STATUS.pending, at(-1), APPLY_STATUS.expired],
    ['approved, after expiry', APPLY_STATUS.approved, at(-1), APPLY_STATUS.approved],
    ['denied, after expiry', APPLY_STATUS.denied, at(-1), APPLY_STATUS.denied],
  ])('%s', (_name, status, expiresAt, expected) => {
    expect(effectiveStatus({ status, expiresAt }, NOW)).toBe(expected);
  });

  test.each([
    ['no request', [], APPLY_STATUS.none],
    [
      'a pending one',
      [{ status: APPLY_STATUS.pending, expiresAt: new Date(NOW + RECORDING_ACCESS_TTL_MS) }],
      APPLY_STATUS.pending,
    ],
    [
      'an approved one under a newer denied one',
      [
        { status: APPLY_STATUS.denied, expiresAt: new Date(NOW) },
        { status: APPLY_STATUS.approved, expiresAt: new Date(NOW) },
      ],
      APPLY_STATUS.approved,
    ],
    [
      'the newest lapsed',
      [
        { status: APPLY_STATUS.pending, expiresAt: new Date(NOW - 1) },
        { status: APPLY_STATUS.denied, expiresAt: new Date(NOW - RECORDING_ACCESS_TTL_MS) },
      ],
      APPLY_STATUS.expired,
    ],
  ])('the page shows %s as its state', (_name, requests, expected) => {
    expect(applyStatusOf(requests, NOW)).toBe(expected);
  });
});
