import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AdminController } from './admin.controller';

@Module({ imports: [UsersModule, SessionsModule], controllers: [AdminController] })
export class AdminModule {}
