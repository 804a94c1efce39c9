// Account forms, shared by the pages, their actions and the JSON API. The
// messages are the seed's (000 §5, §8) verbatim; the few rules the seed does
// not have (length caps, password minimum) carry messages of our own.
import { z } from "zod";
import { memberText } from "./text";

export const ALL_FIELDS_REQUIRED = "All fields are required.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";
export const INVALID_EMAIL = "Invalid email format.";
export const INVALID_CODE = "Invalid verification code.";
export const SIGN_IN_UNSUCCESSFUL = "Sign-in was unsuccessful";
export const VERIFICATION_SENT = "Verification email sent.";
/** Seed 000 §8: the code's e-mail could not be sent. */
export const VERIFICATION_EMAIL_FAILED = "Error sending verification email. Please try again.";
/** Seed 000 §8: creating the account failed (here: the form never reached the server). */
export const SIGNUP_FAILED = "Error creating user or signing in. Please try again.";
/** Seed 000 §8: signing in after sign-up failed (here: the code never reached the server). */
export const SIGN_IN_AFTER_SIGNUP_FAILED = "Sign-in failed. Please try again.";
export const EMAIL_TAKEN = "Email is already registered.";
export const USERNAME_TAKEN = "User name is already taken.";

/** Text, an @, text, a dot, text, with no spaces (seed 000 §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (max: number, tooLong: string) =>
  memberText({ error: ALL_FIELDS_REQUIRED }).trim().min(1, ALL_FIELDS_REQUIRED).max(max, tooLong);

const email = required(254, INVALID_EMAIL)
  .regex(EMAIL_PATTERN, INVALID_EMAIL)
  .transform((value) => value.toLowerCase());

export const signupSchema = z
  .object({
    name: required(100, "Name must be at most 100 characters."),
    username: required(40, "User name must be at most 40 characters.").regex(
      /^[A-Za-z0-9._-]+$/,
      "User name may only contain letters, digits, '.', '_' and '-'.",
    ),
    email,
    password: z
      .string({ error: ALL_FIELDS_REQUIRED })
      .min(1, ALL_FIELDS_REQUIRED)
      .min(8, "Password must be at least 8 characters.")
      .max(200, "Password must be at most 200 characters."),
    passwordA: z.string({ error: ALL_FIELDS_REQUIRED }).min(1, ALL_FIELDS_REQUIRED),
    /** Beat-battle hand-over: where to land after sign-up (only `/beatbattle` is honoured). */
    next: z.string().optional(),
  })
  .refine((form) => form.password === form.passwordA, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["passwordA"],
  });
export type SignupForm = z.output<typeof signupSchema>;

export const checkUserSchema = z.object({
  email: z.string().trim().toLowerCase().optional(),
  username: memberText().trim().optional(),
});
export type CheckUserForm = z.output<typeof checkUserSchema>;

export const verifySchema = z.object({
  signupId: z.string({ error: INVALID_CODE }).min(1, INVALID_CODE).max(64, INVALID_CODE),
  code: z
    .string({ error: INVALID_CODE })
    .trim()
    .regex(/^\d{6}$/, INVALID_CODE),
});
export type VerifyForm = z.output<typeof verifySchema>;

export const signinSchema = z.object({
  email: z.string({ error: SIGN_IN_UNSUCCESSFUL }).trim().toLowerCase().min(1, SIGN_IN_UNSUCCESSFUL).max(254),
  password: z.string({ error: SIGN_IN_UNSUCCESSFUL }).min(1, SIGN_IN_UNSUCCESSFUL).max(200),
});
export type SigninForm = z.output<typeof signinSchema>;
