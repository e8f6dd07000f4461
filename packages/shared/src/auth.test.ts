import { describe, expect, it } from 'vitest'
import { ApproveInput, CustomerInput, LoginInput, RegisterForm, RegisterInput } from './auth.ts'

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const r = schema.safeParse(value)
  const out: Record<string, string> = {}
  if (!r.success) for (const i of r.error.issues) out[i.path.join('.')] ??= i.message
  return out
}

const good = { username: 'new_user1', email: 'new@example.com', password: 'password123' }

describe('registration rules (spec part 1 §5)', () => {
  it('required messages', () => {
    expect(errorsOf(RegisterForm, {})).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
    expect(errorsOf(RegisterForm, { username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
  })
  it('username length and characters', () => {
    expect(errorsOf(RegisterInput, { ...good, username: 'ab' }).username).toBe(
      'Username must be at least 3 characters',
    )
    expect(errorsOf(RegisterInput, { ...good, username: 'a'.repeat(21) }).username).toBe(
      'Username cannot exceed 20 characters',
    )
    expect(errorsOf(RegisterInput, { ...good, username: 'a'.repeat(20) })).toEqual({})
    for (const u of ['john doe', 'john-doe', 'jo.hn', 'jöhn']) {
      expect(errorsOf(RegisterInput, { ...good, username: u }).username).toBe(
        'Username can only contain letters, numbers and underscores',
      )
    }
  })
  it('email format', () => {
    for (const e of ['x', 'a@b', 'a b@c.com', '@c.com']) {
      expect(errorsOf(RegisterInput, { ...good, email: e }).email).toBe('Please enter a valid email address')
    }
  })
  it('password length', () => {
    expect(errorsOf(RegisterInput, { ...good, password: 'short' }).password).toBe(
      'Password must be at least 8 characters',
    )
    expect(errorsOf(RegisterInput, { ...good, password: '12345678' })).toEqual({})
  })
  it('confirmation must match, even while other fields still have errors', () => {
    expect(errorsOf(RegisterForm, { ...good, confirmPassword: 'password124' })).toEqual({
      confirmPassword: 'Passwords do not match',
    })
    expect(
      errorsOf(RegisterForm, { username: '', email: '', password: 'password1', confirmPassword: 'x' })
        .confirmPassword,
    ).toBe('Passwords do not match')
    expect(errorsOf(RegisterForm, { ...good, confirmPassword: good.password })).toEqual({})
  })
})

describe('other auth payloads', () => {
  it('login needs email and password', () => {
    expect(errorsOf(LoginInput, {})).toEqual({ email: 'Email is required', password: 'Password is required' })
  })
  it('approve needs a user id and a boolean', () => {
    expect(ApproveInput.parse({ userId: '3', approved: false })).toEqual({ userId: 3, approved: false })
    expect(errorsOf(ApproveInput, { userId: 1, approved: 'yes' }).approved).toBe(
      'approved must be true or false',
    )
  })
  it('a customer needs a name and a mobile or passport number', () => {
    expect(errorsOf(CustomerInput, {})).toMatchObject({
      name: 'Customer name is required',
      mobile_number: 'Enter a mobile number or a passport number',
    })
    expect(errorsOf(CustomerInput, { name: '  ', passport_number: ' ' }).name).toBe(
      'Customer name is required',
    )
    expect(CustomerInput.parse({ name: 'Ali', passport_number: 'AB1' }).passport_number).toBe('AB1')
  })

  it('customer fields are text; a numeric mobile becomes text in the stored phone form', () => {
    // The spec's number input drops the leading 0; the stored form puts it back (decision 047).
    expect(CustomerInput.parse({ name: 'Ali', mobile_number: 3001234567 })).toEqual({
      name: 'Ali',
      mobile_number: '03001234567',
      address: '',
      passport_number: '',
    })
  })
})
