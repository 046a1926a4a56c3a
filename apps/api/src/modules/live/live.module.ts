import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ClicksModule } from '../clicks/clicks.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { LiveController } from './live.controller';

/** The dashboard's live clicks: a stream per open page, fed by the click writer (modules/clicks/live-clicks). */
@Module({ imports: [AuthModule, ClicksModule, SessionsModule, UsersModule], controllers: [LiveController] })
export class LiveModule {}
