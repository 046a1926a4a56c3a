import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/** A POST route answering 200: the API uses 200 for every success, creations included. */
export const PostOk = (path?: string): MethodDecorator => applyDecorators(Post(path), HttpCode(200));
