import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LinkReferencesModule } from '../links/link-references';
import { SplashController } from './splash.controller';
import { SplashEntity } from './splash.entity';
import { SplashService } from './splash.service';

@Module({
  imports: [LinkReferencesModule, TypeOrmModule.forFeature([SplashEntity])],
  controllers: [SplashController],
  providers: [SplashService],
  exports: [SplashService],
})
export class SplashModule {}
