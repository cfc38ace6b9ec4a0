import { JwtService } from '@nestjs/jwt';
import { createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES, type Principal, type TokenRole } from './principal.js';

export interface TokenClaims {
  sub: string;
  role: TokenRole;
  tournaments?: string[];
}

/**
 * Issues and verifies HS256 bearer tokens. The secret is ARBITRA_JWT_SECRET, or one generated on
 * first start into `<dataDir>/jwt-secret` (mode 0600) and reused after.
 */
export class TokenService {
  private readonly jwt: JwtService;

  constructor(readonly secret: string, private readonly ttl = '30d') {
    // A KeyObject, not the string: jsonwebtoken first tries a string as a public key (a thrown error per
    // request, about a third of a command's CPU in bench:http); the bytes and the signatures are the same.
    const key = createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string;
    this.jwt = new JwtService({ secret: key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } });
  }

  static fromDataDir(dataDir: string, configured: string | undefined, ttl?: string): { tokens: TokenService; created: boolean } {
    if (configured) return { tokens: new TokenService(configured, ttl), created: false };
    const file = join(dataDir, 'jwt-secret');
    if (existsSync(file)) return { tokens: new TokenService(readFileSync(file, 'utf8').trim(), ttl), created: false };
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { tokens: new TokenService(secret, ttl), created: true };
  }

  issue(claims: TokenClaims, ttl?: string): string {
    if (!ROLES.includes(claims.role)) throw new Error(`unknown role ${claims.role}; roles are ${ROLES.join(', ')}`);
    // @nestjs/jwt types expiresIn as a branded duration string; ours comes from config or the CLI.
    return this.jwt.sign({ ...claims }, { expiresIn: (ttl ?? this.ttl) as unknown as number });
  }

  /** Throws when the token is malformed, expired or not signed with our secret. */
  verify(token: string): Principal {
    const claims = this.jwt.verify<TokenClaims>(token);
    if (typeof claims.sub !== 'string' || !ROLES.includes(claims.role)) throw new Error('token lacks a subject or a known role');
    return { id: claims.sub, role: claims.role, tournaments: Array.isArray(claims.tournaments) ? claims.tournaments.map(String) : [] };
  }
}
