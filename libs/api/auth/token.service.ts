import { JwtService } from '@nestjs/jwt';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES, type Principal, type TokenRole } from './principal.js';

export interface TokenClaims {
  sub: string;
  role: TokenRole;
  tournaments?: string[];
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_557_600 };

/** `30d`, `12h`, `90m`, `45s`, `2w`, `1y` (a year is 365.25 days) in seconds; throws on anything else. */
export function durationSeconds(text: string, what = 'ttl'): number {
  const m = /^\s*(\d{1,9})\s*([smhdwy])\s*$/.exec(text);
  if (!m || Number(m[1]) === 0)
    throw new Error(`${what} must be a positive whole number and a unit s, m, h, d, w or y, e.g. 30d (got ${JSON.stringify(text)})`);
  return Number(m[1]) * UNITS[m[2]];
}

/** A token refused by `verify`, with the rule it broke (the guard puts it in the 401). */
export class TokenRefused extends Error {
  constructor(
    message: string,
    readonly rule: string,
  ) {
    super(message);
    this.name = 'TokenRefused';
  }
}

export interface TokenOptions {
  /** Default lifetime of issued tokens (ARBITRA_TOKEN_TTL). */
  readonly ttl?: string;
  /** Longest lifetime a token may have (ARBITRA_TOKEN_MAX_TTL): longer ones are neither issued nor accepted. */
  readonly maxTtl?: string;
}

export const DEFAULT_MAX_TTL = '90d';
/** How many verified tokens `verify` remembers (oldest forgotten first). */
const VERIFIED_CACHE = 1024;
const EXP_RULE = 'Arbitra tokens: every token carries exp (RFC 7519 §4.1.4) and a jti (§4.1.7), and lives at most ARBITRA_TOKEN_MAX_TTL';

/**
 * Issues and verifies HS256 bearer tokens. The secret is ARBITRA_JWT_SECRET, or one generated on
 * first start into `<dataDir>/jwt-secret` (mode 0600) and reused after. Every token has an expiry
 * (at most `maxTtl` after issue) and a `jti` by which it can be revoked.
 */
export class TokenService {
  private readonly jwt: JwtService;
  readonly ttl: string;
  readonly maxTtl: string;
  private readonly maxSeconds: number;
  /**
   * Tokens already verified, with their principal and expiry: the rate limiter and the guard both read a request's
   * token, and a client sends the same token many times. A hit is still refused once `exp` has passed;
   * revocation is the guard's check and is not cached here.
   */
  private readonly verified = new Map<string, { principal: Readonly<Principal & { jti: string }>; expMs: number }>();

  constructor(
    readonly secret: string,
    options: TokenOptions = {},
  ) {
    // A KeyObject, not the string: jsonwebtoken first tries a string as a public key (a thrown error per
    // request, about a third of a command's CPU in bench:http); the bytes and the signatures are the same.
    const key = createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string;
    this.jwt = new JwtService({ secret: key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } });
    this.ttl = options.ttl ?? '30d';
    this.maxTtl = options.maxTtl ?? DEFAULT_MAX_TTL;
    this.maxSeconds = durationSeconds(this.maxTtl, 'ARBITRA_TOKEN_MAX_TTL');
    this.lifetime(this.ttl, 'ARBITRA_TOKEN_TTL');
  }

  static fromDataDir(dataDir: string, configured: string | undefined, options: TokenOptions = {}): { tokens: TokenService; created: boolean } {
    if (configured) return { tokens: new TokenService(configured, options), created: false };
    const file = join(dataDir, 'jwt-secret');
    if (existsSync(file)) return { tokens: new TokenService(readFileSync(file, 'utf8').trim(), options), created: false };
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { tokens: new TokenService(secret, options), created: true };
  }

  /** The lifetime in seconds of `ttl`; throws when it is malformed or longer than the maximum. */
  lifetime(ttl: string, what = 'ttl'): number {
    const seconds = durationSeconds(ttl, what);
    if (seconds > this.maxSeconds) throw new Error(`${what} ${ttl} is longer than the maximum token lifetime ${this.maxTtl} (ARBITRA_TOKEN_MAX_TTL)`);
    return seconds;
  }

  /** A signed token, its id (`jti`, to revoke it) and its expiry. */
  issueWithId(claims: TokenClaims, ttl?: string): { token: string; jti: string; expiresAt: string } {
    if (!ROLES.includes(claims.role)) throw new Error(`unknown role ${claims.role}; roles are ${ROLES.join(', ')}`);
    const seconds = this.lifetime(ttl ?? this.ttl);
    const jti = randomUUID();
    const token = this.jwt.sign({ ...claims, jti }, { expiresIn: seconds });
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    return { token, jti, expiresAt: new Date(exp * 1000).toISOString() };
  }

  issue(claims: TokenClaims, ttl?: string): string {
    return this.issueWithId(claims, ttl).token;
  }

  /** Throws when the token is malformed, expired, not signed with our secret, or lacks exp or jti. */
  verify(token: string): Readonly<Principal & { jti: string }> {
    const hit = this.verified.get(token);
    if (hit && Date.now() < hit.expMs) return hit.principal;
    if (hit) this.verified.delete(token);
    const principal = this.verifySignature(token);
    if (this.verified.size >= VERIFIED_CACHE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { principal: principal.value, expMs: principal.exp * 1000 });
    return principal.value;
  }

  private verifySignature(token: string): { value: Readonly<Principal & { jti: string }>; exp: number } {
    const claims = this.jwt.verify<TokenClaims & { exp?: unknown; iat?: unknown; jti?: unknown }>(token);
    if (typeof claims.sub !== 'string' || !ROLES.includes(claims.role)) throw new Error('token lacks a subject or a known role');
    if (typeof claims.exp !== 'number') throw new TokenRefused('the token has no expiry (exp): every token must expire', EXP_RULE);
    if (typeof claims.jti !== 'string' || claims.jti === '') throw new TokenRefused('the token has no id (jti), so it could not be revoked', EXP_RULE);
    // Measured from now by the server's clock as well as from the token's own iat (issue 32): an iat the holder wrote
    // just before a far exp would otherwise pass.
    const now = Math.floor(Date.now() / 1000);
    const issued = typeof claims.iat === 'number' ? claims.iat : now;
    if (claims.exp - issued > this.maxSeconds || claims.exp - now > this.maxSeconds)
      throw new TokenRefused(`the token lives longer than the maximum ${this.maxTtl}`, EXP_RULE);
    const tournaments = Object.freeze(Array.isArray(claims.tournaments) ? claims.tournaments.map(String) : []) as string[];
    return { value: Object.freeze({ id: claims.sub, role: claims.role, tournaments, jti: claims.jti, expiresAt: claims.exp * 1000 }), exp: claims.exp };
  }
}
