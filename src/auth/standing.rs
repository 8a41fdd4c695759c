//! What an account may do *now*: whether it is usable (activated and not deactivated), its type,
//! and its session generation (issue 21). Every authenticated request and socket is judged by
//! this, not by what its token remembers.
//!
//! Reading the account on every request would put a query in front of every call, so each
//! instance keeps the standings it has read in memory. A change to an account (deactivation, a
//! type change, a password change or reset, "sign out everywhere else") travels on the event bus
//! as an account message; every instance forgets that account's standing when it hears it
//! (`realtime::Realtime::account_changed`). While an instance cannot hear the bus (its Redis
//! subscriber is disconnected) it does not trust what it remembers and reads the database for
//! every request; once it hears again it forgets everything and starts afresh.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, AtomicUsize, Ordering},
        RwLock,
    },
};

use crate::{db::Db, domain::UserType};

/// An account as it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub typ: UserType,
    /// Activated and not deactivated.
    pub usable: bool,
    /// Advanced by every decision that ends the account's sessions.
    pub gen: i64,
}

/// Why a token that verifies is still refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No such account (any more).
    Gone,
    /// A supervisor deactivated the account.
    Deactivated,
    /// The token is from an older session generation: a password change or reset, a type
    /// change or a "sign out everywhere else" ended it.
    Ended,
}

impl Standing {
    /// Judges a token of generation `gen` against the account as it is now.
    pub fn admits(&self, gen: i64) -> Result<(), Refusal> {
        if !self.usable {
            Err(Refusal::Deactivated)
        } else if gen < self.gen {
            Err(Refusal::Ended)
        } else {
            Ok(())
        }
    }
}

/// Standings remembered at most; when full the map is emptied (the next requests read again).
const REMEMBERED: usize = 200_000;

/// One instance's remembered standings.
pub struct Standings {
    known: RwLock<HashMap<i64, Standing>>,
    /// Bumped by every forgetting: a read of the database that began before it must not be
    /// remembered, or a change that arrived during the read would be undone.
    epoch: AtomicU64,
    /// One bit per bus shard whose subscriber is disconnected: this instance may be missing
    /// account messages of that shard's users, and every lookup of them reads the database.
    deaf: AtomicU64,
    /// How many shards the bus has (account messages travel on the account's user's shard).
    shards: AtomicUsize,
}

impl Default for Standings {
    fn default() -> Standings {
        Standings {
            known: RwLock::default(),
            epoch: AtomicU64::new(0),
            deaf: AtomicU64::new(0),
            shards: AtomicUsize::new(1),
        }
    }
}

impl Standings {
    /// The remembered standing of an account, if any and if remembering is trusted now.
    pub fn remembered(&self, user_id: i64) -> Option<Standing> {
        if !self.trusted(user_id) {
            return None;
        }
        self.known.read().unwrap_or_else(|e| e.into_inner()).get(&user_id).copied()
    }

    /// The account's standing: remembered, or read from the database (and then remembered).
    /// `None` when the account does not exist.
    pub async fn get(&self, db: &Db, user_id: i64) -> Result<Option<Standing>, sqlx::Error> {
        match self.remembered(user_id) {
            Some(s) => Ok(Some(s)),
            None => self.read(db, user_id).await,
        }
    }

    /// Reads the account from the database, and remembers it unless something was forgotten
    /// meanwhile or remembering is not trusted.
    pub async fn read(&self, db: &Db, user_id: i64) -> Result<Option<Standing>, sqlx::Error> {
        let epoch = self.epoch.load(Ordering::Acquire);
        let standing = crate::store::users::standing(db, user_id).await?;
        if let Some(s) = standing {
            if self.trusted(user_id) {
                let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
                if self.epoch.load(Ordering::Acquire) == epoch {
                    if known.len() >= REMEMBERED {
                        known.clear();
                    }
                    known.insert(user_id, s);
                }
            }
        }
        Ok(standing)
    }

    /// An account changed: its standing is read again on next use.
    pub fn forget(&self, user_id: i64) {
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        known.remove(&user_id);
    }

    /// Any account may have changed unheard (the bus was away): read every one again.
    pub fn forget_all(&self) {
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        known.clear();
    }

    /// Whether what is remembered of this account can be trusted: its shard's subscriber hears.
    fn trusted(&self, user_id: i64) -> bool {
        let deaf = self.deaf.load(Ordering::Acquire);
        deaf == 0 || deaf & (1 << crate::bus::shard_of(user_id, self.shards.load(Ordering::Relaxed))) == 0
    }

    /// How many bus shards there are (set once, when the realtime layer starts).
    pub fn set_shards(&self, shards: usize) {
        self.shards.store(shards.clamp(1, crate::bus::MAX_SHARDS), Ordering::Relaxed);
    }

    /// Every account of one shard may have changed unheard: read each again.
    pub fn forget_shard(&self, shard: usize) {
        let shards = self.shards.load(Ordering::Relaxed);
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        known.retain(|user_id, _| crate::bus::shard_of(*user_id, shards) != shard);
    }

    /// While `false`, nothing of the shard's accounts is remembered or answered from memory.
    /// Turning it back on forgets them first: what was remembered before may be stale.
    pub fn set_heard(&self, shard: usize, heard: bool) {
        let bit = 1u64 << shard;
        if heard {
            self.forget_shard(shard);
            self.deaf.fetch_and(!bit, Ordering::AcqRel);
        } else {
            self.deaf.fetch_or(bit, Ordering::AcqRel);
            self.forget_shard(shard);
        }
    }

    /// [`Standings::set_heard`] for a bus of one shard.
    pub fn set_trusted(&self, trusted: bool) {
        self.set_heard(0, trusted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(usable: bool, gen: i64) -> Standing {
        Standing { typ: UserType::Student, usable, gen }
    }

    #[test]
    fn a_token_of_an_older_generation_or_a_deactivated_account_is_refused() {
        assert_eq!(standing(true, 3).admits(3), Ok(()));
        assert_eq!(standing(true, 3).admits(2), Err(Refusal::Ended));
        assert_eq!(standing(false, 3).admits(3), Err(Refusal::Deactivated));
        // Deactivation is what the person is told, whatever the token's generation.
        assert_eq!(standing(false, 4).admits(3), Err(Refusal::Deactivated));
    }

    #[test]
    fn forgetting_and_distrust_stop_answers_from_memory() {
        let s = Standings::default();
        s.known.write().unwrap().insert(7, standing(true, 1));
        assert_eq!(s.remembered(7), Some(standing(true, 1)));
        s.forget(7);
        assert_eq!(s.remembered(7), None);
        s.known.write().unwrap().insert(7, standing(true, 1));
        s.set_trusted(false);
        assert_eq!(s.remembered(7), None, "nothing is answered from memory while the bus is away");
        s.known.write().unwrap().insert(7, standing(true, 1));
        assert_eq!(s.remembered(7), None);
        s.set_trusted(true);
        assert_eq!(s.remembered(7), None, "what was remembered before is forgotten");
    }

    #[test]
    fn a_deaf_shard_distrusts_only_its_own_accounts() {
        let s = Standings::default();
        s.set_shards(3);
        let on = |shard| (1..).find(|id| crate::bus::shard_of(*id, 3) == shard).unwrap();
        let (a, b) = (on(0), on(1));
        for id in [a, b] {
            s.known.write().unwrap().insert(id, standing(true, 1));
        }
        s.set_heard(1, false);
        assert_eq!(s.remembered(a), Some(standing(true, 1)), "shard 0 still hears");
        assert_eq!(s.remembered(b), None, "shard 1's accounts are read from the database");
        s.known.write().unwrap().insert(b, standing(true, 1));
        s.set_heard(1, true);
        assert_eq!(s.remembered(b), None, "what shard 1's accounts were is forgotten");
        assert_eq!(s.remembered(a), Some(standing(true, 1)));
        s.forget_shard(0);
        assert_eq!(s.remembered(a), None);
    }
}
