import { Module } from '@nestjs/common';
import { AuthCache } from './auth-cache';
import { PasswordHasher } from './password';

/**
 * Credentials: API keys (generated, stored as hashes, cached by hash), passwords, and the guards
 * that run on every API call (key, rate limit, admin), registered by the application module.
 */
@Module({
  providers: [AuthCache, PasswordHasher],
  exports: [AuthCache, PasswordHasher],
})
export class AuthModule {}
