import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { CheckpointReader } from '../../store/audit/public-checkpoints.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { TOURNAMENT_SCOPED } from '../auth/principal.js';
import { PageQuery } from '../page-query.js';
import { ARBITRA_CORE } from '../tokens.js';
import { auditOf } from './audit-services.js';

/** A page of the signed checkpoints, by sequence number. */
export class CheckpointPageQuery extends PageQuery {}

const CHECKPOINT_EXAMPLE = {
  seq: 3,
  position: 3000,
  hash: '9f2c…',
  signedAt: '2026-11-29T12:00:00.000Z',
  keyId: '1b7e4c0d9a3f5e21',
  publicKey: 'MCowBQYDK2VwAyEA…',
  signature: 'x1Qk…',
};

/** Admin sees every checkpoint; a tournament's officials also those covering their own tournaments' unpublished rounds. */
function readerOf(request: AuthedRequest): CheckpointReader {
  const who = request.principal;
  if (who?.role === 'admin') return { all: true };
  return { officialOf: who && TOURNAMENT_SCOPED.includes(who.role) ? who.tournaments : [] };
}

/**
 * Signed checkpoints and the keys that sign them (issue 10): public, so that a federation (or
 * anyone) can keep copies and later check the log against them (`arbitra verify --checkpoint`).
 * They reveal a log position, a hash and a time, nothing recorded; those signed since a round was paired and not yet
 * published are withheld from the public until it is (issue 32, public-checkpoints.ts).
 */
@ApiTags('audit')
@Controller('v1/audit')
export class AuditKeysController {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  @Get('keys')
  @Public()
  @ApiOperation({
    summary:
      'The Ed25519 public keys that sign checkpoints: the current one and every one that signed a checkpoint the caller may see, with its first and last use among those (public)',
  })
  @ApiOkResponse({
    schema: {
      example: {
        keys: [
          {
            keyId: '1b7e4c0d9a3f5e21',
            publicKey: 'MCowBQYDK2VwAyEA…',
            algorithm: 'Ed25519',
            current: true,
            firstUsedAt: '2026-11-29T10:00:00.000Z',
            lastUsedAt: '2026-11-29T12:00:00.000Z',
          },
        ],
        format: 'publicKey is SPKI DER, base64',
      },
    },
  })
  async keys(@Req() request: AuthedRequest) {
    return { keys: (await auditOf(this.core)?.keys(readerOf(request))) ?? [], format: 'publicKey is SPKI DER, base64' };
  }

  @Get('checkpoints')
  @Public()
  @ApiOperation({
    summary:
      'Signed checkpoints in signing order (public). Each signs {format: "arbitra-checkpoint/1", position, hash, signedAt, keyId} as canonical JSON with Ed25519. ' +
      'Without an admin token the list stops before the first checkpoint at or past the position of the earliest round paired and not yet published ' +
      "(any tournament but the caller's own, for its officials); those appear, in order, once the rounds are published: page on with `after=<next>`",
  })
  @ApiOkResponse({ schema: { example: { checkpoints: [CHECKPOINT_EXAMPLE], next: 3 } } })
  async checkpoints(@Query() q: CheckpointPageQuery, @Req() request: AuthedRequest) {
    const list = (await auditOf(this.core)?.checkpoints(q.after ?? 0, q.limit ?? 100, readerOf(request))) ?? [];
    return { checkpoints: list, next: list.length ? list[list.length - 1].seq : (q.after ?? 0) };
  }
}
