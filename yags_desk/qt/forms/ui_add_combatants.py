# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'add_combatants.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QLabel,
    QListWidget, QListWidgetItem, QSizePolicy, QSpinBox,
    QVBoxLayout, QWidget)

class Ui_AddCombatants(object):
    def setupUi(self, AddCombatants) -> None:
        if not AddCombatants.objectName():
            AddCombatants.setObjectName(u"AddCombatants")
        AddCombatants.resize(420, 480)
        self.layout = QVBoxLayout(AddCombatants)
        self.layout.setObjectName(u"layout")
        self.library_label = QLabel(AddCombatants)
        self.library_label.setObjectName(u"library_label")

        self.layout.addWidget(self.library_label)

        self.character_list = QListWidget(AddCombatants)
        self.character_list.setObjectName(u"character_list")

        self.layout.addWidget(self.character_list)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.count_label = QLabel(AddCombatants)
        self.count_label.setObjectName(u"count_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.count_label)

        self.count_spin = QSpinBox(AddCombatants)
        self.count_spin.setObjectName(u"count_spin")
        self.count_spin.setMinimum(1)
        self.count_spin.setMaximum(200)

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.count_spin)

        self.side_label = QLabel(AddCombatants)
        self.side_label.setObjectName(u"side_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.side_label)

        self.side_combo = QComboBox(AddCombatants)
        self.side_combo.setObjectName(u"side_combo")
        self.side_combo.setEditable(True)
        self.side_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.side_combo)

        self.row_label = QLabel(AddCombatants)
        self.row_label.setObjectName(u"row_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.row_label)

        self.row_spin = QSpinBox(AddCombatants)
        self.row_spin.setObjectName(u"row_spin")
        self.row_spin.setMaximum(99)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.row_spin)

        self.minor_box = QCheckBox(AddCombatants)
        self.minor_box.setObjectName(u"minor_box")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.minor_box)


        self.layout.addLayout(self.form)

        self.buttons = QDialogButtonBox(AddCombatants)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

        self.layout.setStretch(1, 1)
#if QT_CONFIG(shortcut)
        self.count_label.setBuddy(self.count_spin)
        self.side_label.setBuddy(self.side_combo)
        self.row_label.setBuddy(self.row_spin)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(AddCombatants)
    # setupUi

    def retranslateUi(self, AddCombatants) -> None:
        AddCombatants.setWindowTitle(QCoreApplication.translate("AddCombatants", u"Add combatants", None))
        self.library_label.setText(QCoreApplication.translate("AddCombatants", u"Characters in the library:", None))
        self.count_label.setText(QCoreApplication.translate("AddCombatants", u"&How many:", None))
        self.side_label.setText(QCoreApplication.translate("AddCombatants", u"&Side:", None))
#if QT_CONFIG(tooltip)
        self.side_combo.setToolTip(QCoreApplication.translate("AddCombatants", u"Pick a side, or pick \u201cNew side\u2026\u201d and type its name; each side gets its own colour", None))
#endif // QT_CONFIG(tooltip)
        self.row_label.setText(QCoreApplication.translate("AddCombatants", u"&Row:", None))
        self.minor_box.setText(QCoreApplication.translate("AddCombatants", u"Unimportant NPC (may drop at Critical)", None))
    # retranslateUi

