import { Body, Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { TOKEN_ID } from '../../domain/auth/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { TOKEN_REVOCATIONS_ID, TOKEN_REVOCATIONS_STREAM, TokenRevocationsAggregate } from '../../runtime/features/auth/index.js';
import { runCommand } from '../command-request.js';
import { ARBITRA_CORE } from '../tokens.js';
import { Allow } from './allow.decorator.js';
import type { AuthedRequest } from './auth.guard.js';

export class RevokeTokenDto {
  @ApiProperty({ example: '0b8f6a52-4a55-4c43-9d0e-6f4f3c2b1a90', description: 'The token id (`jti`) printed when the token was issued' })
  @IsString()
  @Matches(TOKEN_ID, { message: '$property must be a token id: 8–200 letters, digits and . _ : -' })
  jti: string;

  @ApiProperty({ example: 'laptop lost at the venue' })
  @IsString()
  @Length(1, 500)
  reason: string;
}

/** Revoking a bearer token: a recorded `auth.TokenRevoked` in stream `auth-tokens`; the guard refuses it from then on. */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('v1/auth')
export class RevocationsController {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  @Post('revocations')
  @Allow()
  @ApiOperation({ summary: 'Revoke a token by its id (admin). This server refuses it from the answer on; another server on the same log within seconds' })
  @ApiCreatedResponse({ description: 'auth.TokenRevoked recorded' })
  revoke(@Body() body: RevokeTokenDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runCommand(this.core, request, reply, TokenRevocationsAggregate, TOKEN_REVOCATIONS_ID, (context) => ({
      type: 'auth.revoke-token',
      data: { jti: body.jti, reason: body.reason },
      context,
    }));
  }

  @Get('revocations')
  @Allow()
  @ApiOperation({ summary: 'Every revoked token id, who revoked it, when and why (admin)' })
  @ApiOkResponse({
    schema: { example: { revocations: [{ jti: '0b8f…', by: { id: 'admin-1', role: 'admin' }, reason: 'lost', at: '2026-11-30T10:00:00.000Z' }] } },
  })
  async list() {
    const events = await this.core.store.readStream(TOKEN_REVOCATIONS_STREAM);
    return { revocations: events.filter((e) => e.type === 'auth.TokenRevoked').map((e) => e.data) };
  }
}
