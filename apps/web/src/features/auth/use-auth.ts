import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context.tsx';

/** Specification §8 (docs/spec/specification.md): using the auth state outside its provider is an error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth deve ser usado dentro de AuthProvider');
  return value;
}
