import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountLookup } from '../auth/account-lookup';
import { AuthModule } from '../auth/auth.module';
import { PlanEntity } from './plan.entity';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([UserEntity, PlanEntity])],
  providers: [UsersService, { provide: AccountLookup, useExisting: UsersService }],
  exports: [UsersService, AccountLookup],
})
export class UsersModule {}
