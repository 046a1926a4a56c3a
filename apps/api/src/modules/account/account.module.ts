import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AccountController } from './account.controller';

@Module({ imports: [UsersModule, SessionsModule], controllers: [AccountController] })
export class AccountModule {}
