import { Module } from '@nestjs/common';
import { AccountLookup } from '../auth/account-lookup';
import { AuthModule } from '../auth/auth.module';
import { UsersService } from './users.service';

@Module({
  imports: [AuthModule],
  providers: [UsersService, { provide: AccountLookup, useExisting: UsersService }],
  exports: [UsersService, AccountLookup],
})
export class UsersModule {}
