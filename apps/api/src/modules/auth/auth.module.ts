import { Module } from '@nestjs/common';
import { AuthCache } from './auth-cache';
import { GuessLimits } from './guess-limits';
import { PasswordHasher } from './password';

/**
 * Credentials: API keys (generated, stored as hashes, cached by hash), passwords, the limits on
 * guessing either, and the guards
 * that run on every API call (key, rate limit, admin), registered by the application module.
 */
@Module({
  providers: [AuthCache, PasswordHasher, GuessLimits],
  exports: [AuthCache, PasswordHasher, GuessLimits],
})
export class AuthModule {}
