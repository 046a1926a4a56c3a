import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthCache } from '../../common/auth-cache';
import { PlanEntity } from './plan.entity';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PlanEntity])],
  providers: [UsersService, AuthCache],
  exports: [UsersService, AuthCache],
})
export class UsersModule {}
