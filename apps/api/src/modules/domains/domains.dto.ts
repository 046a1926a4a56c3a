import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { RequestBody } from '../../common/contract';
import { IsHttpUrl } from '../../common/validators';
import { EmptyMeansAbsent } from '../../common/validation.pipe';
import { domainProblem } from './domain-origin';

export class UpdateDomainDto implements RequestBody<'updateDomain'> {
  @IsOptional()
  @IsHttpUrl({ allowEmpty: true })
  redirectroot?: string;

  @IsOptional()
  @IsHttpUrl({ allowEmpty: true })
  redirect404?: string;
}

@EmptyMeansAbsent()
export class AddDomainDto extends UpdateDomainDto implements RequestBody<'addDomain'> {
  /** The pattern is the document's; the message says what is wrong. The service normalizes it. */
  @IsString()
  @MaxLength(300)
  @Matches(new RegExp('^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+/?$'), {
    message: ({ value }) => domainProblem(String(value)) ?? 'must be a scheme and a host, such as https://go.example.com',
  })
  domain: string;
}
