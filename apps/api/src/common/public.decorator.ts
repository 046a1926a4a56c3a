import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'linkyard:public';
export const IS_ADMIN_ONLY = 'linkyard:admin-only';

/** The route needs no API key (and is not rate limited per account). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** Only admin keys may call the route; others get 403. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(IS_ADMIN_ONLY, true);
