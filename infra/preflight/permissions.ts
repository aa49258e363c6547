/**
 * The read-only AWS calls `npm run preflight` makes, as IAM actions: the CI roles that run it
 * (the account baseline) are granted exactly these, and the preflight's tests check that every
 * call it makes is one of them.
 */
export const PREFLIGHT_ACTIONS = [
  "sts:GetCallerIdentity",
  "ssm:GetParameter",
  "secretsmanager:DescribeSecret",
  "secretsmanager:ListSecretVersionIds",
  "apigateway:GET",
  "acm:DescribeCertificate",
  "ses:GetAccount",
  "ses:GetEmailIdentity",
  "lambda:GetAccountSettings",
  "wafv2:CheckCapacity",
] as const;
