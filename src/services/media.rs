//! Uploaded files: receiving one (course media, news images, logos and avatars all come in the
//! same way: streamed to a temporary file, judged by their first bytes, limited in size, renamed
//! to a generated name, cleaned up on any refusal), recording course media, and deciding who may
//! fetch one. The routes only take the file out of the multipart body.

use std::path::{Path, PathBuf};

use futures_util::{Stream, StreamExt};
use tokio::io::AsyncWriteExt;

use crate::{
    auth::AuthUser,
    db::Db,
    domain::{
        media::{MediaKind, Sniffed, MAX_UPLOAD_BYTES, SNIFF_BYTES},
        UserType,
    },
    store::{
        self,
        media::{MediaRow, NewMedia},
    },
};

/// Why an upload was not kept (nothing of it stays on disk).
#[derive(Debug)]
pub enum UploadRefused {
    /// Over [`MAX_UPLOAD_BYTES`]: refused while it streams in, before it is stored whole.
    TooLarge,
    /// Its first bytes are not of a kind the caller takes.
    WrongType,
    /// The sender's stream broke off.
    Broken,
    /// The disk did not take it.
    Io(std::io::Error),
}

/// A file received whole, under its generated name in the directory it was received into.
#[derive(Debug)]
pub struct Received {
    pub file: String,
    pub sniffed: Sniffed,
    pub size: u64,
}

/// Streams `chunks` into `dir` (created if missing): a temporary file while it comes, judged by
/// `judge` from its first bytes and by its size as it goes, then renamed to a generated name
/// with the judged extension. On any refusal the temporary file is removed.
pub async fn receive<S, B, E>(
    dir: &Path,
    chunks: S,
    judge: impl Fn(&[u8]) -> Option<Sniffed>,
) -> Result<Received, UploadRefused>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
{
    tokio::fs::create_dir_all(dir).await.map_err(UploadRefused::Io)?;
    let tmp = dir.join(format!(".upload-{}", uuid::Uuid::new_v4().simple()));
    match write_judged(&tmp, chunks, judge).await {
        Ok((sniffed, size)) => {
            let file = format!("{}.{}", uuid::Uuid::new_v4().simple(), sniffed.ext);
            if let Err(e) = tokio::fs::rename(&tmp, dir.join(&file)).await {
                let _ = tokio::fs::remove_file(&tmp).await;
                return Err(UploadRefused::Io(e));
            }
            Ok(Received { file, sniffed, size })
        }
        Err(refused) => {
            let _ = tokio::fs::remove_file(&tmp).await;
            Err(refused)
        }
    }
}

async fn write_judged<S, B, E>(
    tmp: &PathBuf,
    mut chunks: S,
    judge: impl Fn(&[u8]) -> Option<Sniffed>,
) -> Result<(Sniffed, u64), UploadRefused>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
{
    let mut file = tokio::fs::File::create(tmp).await.map_err(UploadRefused::Io)?;
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_BYTES);
    let mut sniffed = None;
    let mut size: u64 = 0;
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|_| UploadRefused::Broken)?;
        let chunk = chunk.as_ref();
        size += chunk.len() as u64;
        if size > MAX_UPLOAD_BYTES {
            return Err(UploadRefused::TooLarge);
        }
        if sniffed.is_none() {
            let take = chunk.len().min(SNIFF_BYTES - head.len());
            head.extend_from_slice(&chunk[..take]);
            if head.len() == SNIFF_BYTES {
                sniffed = Some(judge(&head).ok_or(UploadRefused::WrongType)?);
            }
        }
        file.write_all(chunk).await.map_err(UploadRefused::Io)?;
    }
    file.flush().await.map_err(UploadRefused::Io)?;
    // A file shorter than the sniffed head is judged by all of it.
    let sniffed = match sniffed {
        Some(s) => s,
        None => judge(&head).ok_or(UploadRefused::WrongType)?,
    };
    Ok((sniffed, size))
}

/// Records course media received into `dir`; if the record cannot be written, the file goes too.
pub async fn record_received(
    db: &Db,
    dir: &Path,
    owner: AuthUser,
    kind: MediaKind,
    name: &str,
    received: &Received,
) -> Result<MediaRow, ServiceError> {
    let new = NewMedia {
        owner: owner.id,
        kind,
        name,
        stored: &received.file,
        content_type: received.sniffed.content_type,
        size: received.size as i64,
    };
    match record(db, &new).await {
        Ok(row) => Ok(row),
        Err(e) => {
            let _ = tokio::fs::remove_file(dir.join(&received.file)).await;
            Err(e)
        }
    }
}

use super::ServiceError;

/// Records a file already stored under a generated name; answers its row.
pub async fn record(db: &Db, new: &NewMedia<'_>) -> Result<MediaRow, ServiceError> {
    let id = store::media::insert(db, new).await?;
    store::media::by_id(db, id).await?.ok_or(ServiceError::NotFound)
}

/// A file to serve: to anyone holding a validly signed URL (`signed`), and to its owner and
/// supervisors. Anyone else is told it does not exist.
pub async fn to_serve(db: &Db, id: i64, signed: bool, viewer: Option<AuthUser>) -> Result<MediaRow, ServiceError> {
    let row = store::media::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    let by_right = viewer.is_some_and(|u| u.id == row.owner_id || u.typ == UserType::Supervisor);
    if signed || by_right {
        Ok(row)
    } else {
        Err(ServiceError::NotFound)
    }
}
