"""The commands of ``tarot``, one module each; the group (:mod:`tarot.ui.cli`) imports a
command's module only when that command is run or asked for its help."""
