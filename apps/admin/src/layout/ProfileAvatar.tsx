import { Avatar } from '@mui/material';
import type { Profile } from '../auth/profile';

/** The picture, or the initials when there is none or it does not load (docs/product.md §3). */
export const ProfileAvatar = ({ profile, size = 32 }: { profile: Pick<Profile, 'name' | 'initials' | 'avatar'> | null; size?: number }) => (
  <Avatar src={profile?.avatar ?? undefined} alt={profile?.name ?? ''} sx={{ width: size, height: size, fontSize: size * 0.42 }}>
    {profile?.initials || '?'}
  </Avatar>
);
