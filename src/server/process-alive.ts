/**
 * Whether a process with this id runs on this machine (the writer of a temporary file, the holder of
 * the database lock). EPERM: the process exists but belongs to another user.
 */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
