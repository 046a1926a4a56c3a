import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { SessionLookup } from '../auth/session-lookup';
import { UsersModule } from '../users/users.module';
import { DeviceCookies } from './device-cookies';
import { SessionEntity } from './session.entity';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** The dashboard's sign-in: sessions in an HttpOnly cookie, found by the auth guard through SessionLookup. */
@Module({
  imports: [AuthModule, UsersModule, TypeOrmModule.forFeature([SessionEntity])],
  controllers: [SessionsController],
  providers: [SessionsService, SessionsRepository, DeviceCookies, { provide: SessionLookup, useExisting: SessionsService }],
  exports: [SessionsService, SessionLookup],
})
export class SessionsModule {}
