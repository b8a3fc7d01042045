//! The snapshot's bytes: `KITSH-SNAPSHOT`, the format version (u32, little-endian), the body in
//! postcard's stable wire format, and the SHA-256 of everything before it.
//!
//! The records below are the format: they change only with [`super::FORMAT_VERSION`], never
//! with the interpreter's own types. Every list is written in a canonical order (names sorted,
//! nodes in tree order, chunks by hash), so the same state gives the same bytes.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{SnapshotError, FORMAT_VERSION};

/// The first bytes of every snapshot.
pub(crate) const MAGIC: &[u8] = b"KITSH-SNAPSHOT";

/// A SHA-256.
pub(crate) type Hash = [u8; 32];

/// What `to_bytes` writes after the header (chunks borrowed: never copied to be written).
#[derive(Serialize)]
struct BodyOut<'a> {
    shell: &'a ShellRec,
    fs: &'a FsRec,
    chunks: Vec<(&'a Hash, &'a serde_bytes::Bytes)>,
}

/// What `from_bytes` reads after the header.
#[derive(Deserialize)]
pub(crate) struct Body {
    pub shell: ShellRec,
    pub fs: FsRec,
    pub chunks: Vec<(Hash, serde_bytes::ByteBuf)>,
}

/// The shell's state (SES-1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ShellRec {
    pub cwd: String,
    /// Global variables, sorted by name.
    pub vars: Vec<VarRec>,
    /// Functions, sorted by name.
    pub funcs: Vec<FuncRec>,
    /// Aliases, sorted by name.
    pub aliases: Vec<(String, String)>,
    /// The `hash` table: name, path, hits; sorted by name.
    pub hashed: Vec<(String, String, u32)>,
    /// `set -o` options that are on, by name, sorted.
    pub set_on: Vec<String>,
    /// `shopt` options that are on, by name, sorted.
    pub shopt_on: Vec<String>,
    pub dir_stack: Vec<String>,
    pub umask: u32,
    /// Traps: signal name and action, sorted by name.
    pub traps: Vec<(String, String)>,
    /// Signals ignored when the shell started (bit N for signal N).
    pub hard_ignored: u64,
    pub positional: Vec<String>,
    pub random: RandomRec,
    pub history: HistoryRec,
    /// `$?`.
    pub status: i32,
    /// `$_`.
    pub last_arg: String,
    /// `getopts`' place in a cluster of options and the `OPTIND` it last set.
    pub getopts: (u64, u64),
}

/// A variable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct VarRec {
    pub name: String,
    /// The attribute bits (`interp::vars::attr`).
    pub attrs: u16,
    pub value: ValueRec,
}

/// A variable's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum ValueRec {
    /// Declared without a value.
    Unset,
    Str(String),
    /// An indexed array: (index, value), by index.
    Indexed(Vec<(i64, String)>),
    /// An associative array: (key, value) in insertion order (which, with the keys, gives
    /// bash's listing order back).
    Assoc(Vec<(String, String)>),
}

/// A function, as the text `declare -f` prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct FuncRec {
    pub name: String,
    pub text: String,
    /// `readonly -f` / `export -f` bits.
    pub attrs: u16,
    /// The file it was defined in, when it was one.
    pub file: Option<String>,
}

/// `$RANDOM`'s generator.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct RandomRec {
    pub state: u32,
    pub reseed: bool,
    pub special: bool,
}

/// The history list and bash's counters around it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct HistoryRec {
    /// Lines with their time.
    pub entries: Vec<(String, i64)>,
    pub dropped: u64,
    pub session: u64,
    pub in_file: u64,
    pub limit: Option<u64>,
}

/// The files: the in-memory tree and each mount.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct FsRec {
    /// Nodes in tree order; 0 is `/`.
    pub root: Vec<NodeRec>,
    /// Mounts, by mount point.
    pub mounts: Vec<MountRec>,
}

/// A node of a tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct NodeRec {
    pub kind: KindRec,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub mtime: (i64, u32),
}

/// What a node is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum KindRec {
    /// A small file's bytes, inline.
    Inline(serde_bytes::ByteBuf),
    /// A file's length and its chunks in order.
    Chunks(u64, Vec<Hash>),
    /// A directory's entries: name and node index, sorted by name.
    Dir(Vec<(String, u32)>),
    Symlink(String),
    Fifo,
    Device(String),
}

/// A mount: its place, the host directory it showed, its kind, and for an overlay what the
/// session wrote over the host's files (the host's own bytes are never recorded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct MountRec {
    pub path: String,
    pub host: String,
    /// `overlay`, `rw` or `ro`.
    pub kind: String,
    pub overlay: Option<OverlayRec>,
}

/// An overlay's in-memory layer (`fs::OverlayImage`): paths relative to the mount, sorted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct OverlayRec {
    pub entries: Vec<(String, OvEntryRec)>,
    /// Nodes with several names, named by `OvEntryRec::Link`.
    pub linked: Vec<OvNodeRec>,
}

/// One path of an overlay's layer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum OvEntryRec {
    Node(OvNodeRec),
    Link(u32),
    /// A host entry the session removed.
    Whiteout,
}

/// A node of an overlay's layer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct OvNodeRec {
    pub kind: OvKindRec,
    pub mode: u32,
    pub mtime: (i64, u32),
}

/// What a node of an overlay's layer is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum OvKindRec {
    Inline(serde_bytes::ByteBuf),
    Chunks(u64, Vec<Hash>),
    /// A host file's bytes, unchanged (a renamed or `chmod`ed host file): its host path.
    HostFile(String),
    /// A directory showing the host directory of the same path.
    DirInherit,
    /// A directory made by the session (no host entries show through).
    DirOpaque,
    /// A renamed host directory: the host directory it shows.
    DirRedirect(String),
    Symlink(String),
    Fifo,
}

/// The first bytes of a manifest: a snapshot without its chunks, which name them by hash
/// ([`super::Snapshot::manifest`]): what a content-addressed store keeps per commit.
pub(crate) const MANIFEST_MAGIC: &[u8] = b"KITSH-MANIFEST";

#[derive(Serialize)]
struct ManifestOut<'a> {
    shell: &'a ShellRec,
    fs: &'a FsRec,
}

/// A manifest read back.
#[derive(Deserialize)]
pub(crate) struct Manifest {
    pub shell: ShellRec,
    pub fs: FsRec,
}

/// A manifest's bytes: `KITSH-MANIFEST`, the format version, the records.
pub(crate) fn encode_manifest(shell: &ShellRec, fs: &FsRec) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(MANIFEST_MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    postcard::to_extend(&ManifestOut { shell, fs }, out).unwrap_or_default()
}

/// Read a manifest (its integrity is the store's: it is named by its hash).
pub(crate) fn decode_manifest(bytes: &[u8]) -> Result<Manifest, SnapshotError> {
    let corrupt = |d: &str| SnapshotError::Corrupt(d.to_string());
    let rest = bytes.strip_prefix(MANIFEST_MAGIC).ok_or_else(|| corrupt("not a kitsh manifest"))?;
    let version = rest.get(..4).ok_or_else(|| corrupt("truncated manifest header"))?;
    let version = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    if version > FORMAT_VERSION {
        return Err(SnapshotError::NewerFormat { found: version, supported: FORMAT_VERSION });
    }
    let (m, extra): (Manifest, &[u8]) = postcard::take_from_bytes(&rest[4..]).map_err(|e| SnapshotError::Corrupt(format!("bad manifest: {e}")))?;
    if !extra.is_empty() {
        return Err(corrupt("trailing bytes after the manifest"));
    }
    Ok(m)
}

/// The snapshot's bytes.
pub(crate) fn encode(shell: &ShellRec, fs: &FsRec, chunks: &std::collections::BTreeMap<Hash, std::sync::Arc<Vec<u8>>>) -> Vec<u8> {
    let size: usize = chunks.values().map(|c| c.len() + 40).sum::<usize>() + 4096;
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let body = BodyOut { shell, fs, chunks: chunks.iter().map(|(h, c)| (h, serde_bytes::Bytes::new(c))).collect() };
    // Writing into a Vec cannot fail; the records hold no type postcard refuses.
    let mut out = postcard::to_extend(&body, out).unwrap_or_default();
    let sum = sha256(&out);
    out.extend_from_slice(&sum);
    out
}

/// Read and check the header, the checksum and the body.
pub(crate) fn decode(bytes: &[u8]) -> Result<Body, SnapshotError> {
    let corrupt = |d: &str| SnapshotError::Corrupt(d.to_string());
    let rest = bytes.strip_prefix(MAGIC).ok_or_else(|| corrupt("not a kitsh snapshot (no KITSH-SNAPSHOT header)"))?;
    let version = rest.get(..4).ok_or_else(|| corrupt("truncated header"))?;
    let version = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    if version > FORMAT_VERSION {
        return Err(SnapshotError::NewerFormat { found: version, supported: FORMAT_VERSION });
    }
    if version == 0 {
        return Err(corrupt("format version 0"));
    }
    if bytes.len() < MAGIC.len() + 4 + 32 {
        return Err(corrupt("truncated"));
    }
    let (content, sum) = bytes.split_at(bytes.len() - 32);
    if sha256(content) != sum {
        return Err(corrupt("checksum mismatch (truncated or altered)"));
    }
    let (body, extra): (Body, &[u8]) = postcard::take_from_bytes(&content[MAGIC.len() + 4..]).map_err(|e| SnapshotError::Corrupt(format!("bad body: {e}")))?;
    if !extra.is_empty() {
        return Err(corrupt("trailing bytes after the body"));
    }
    Ok(body)
}

/// SHA-256 of `data`.
pub(crate) fn sha256(data: &[u8]) -> Hash {
    Sha256::digest(data).into()
}

/// A hash in hex (for messages and ids).
pub(crate) fn hex(h: &Hash) -> String {
    let mut s = String::with_capacity(64);
    for b in h {
        s.push(char::from_digit((b >> 4) as u32, 16).unwrap_or('0'));
        s.push(char::from_digit((b & 15) as u32, 16).unwrap_or('0'));
    }
    s
}
